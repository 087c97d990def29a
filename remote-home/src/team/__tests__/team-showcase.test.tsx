import { act, fireEvent, render, screen } from '@testing-library/react';
import { team, teamSection } from 'remote-shared/content';
import { PIXELATION_MS, TEAM_ROTATION_MS } from '../../motion/constants';
import { TeamShowcase } from '../team-showcase';
import { setReducedMotion } from '../../../../tests/support/dom/media-query';

const personName = () => screen.getByTestId('team-person').querySelector('p')!.textContent;
const canvas = () => document.querySelector('canvas')!;

beforeEach(() => {
  jest.useFakeTimers();
  setReducedMotion(false);
  // jsdom has no 2D canvas; the effect draws nothing but still runs its course.
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const advance = (ms: number) =>
  act(() => {
    jest.advanceTimersByTime(ms);
  });

describe('TeamShowcase', () => {
  it('shows the next person every 3000 ms and wraps after four', () => {
    render(<TeamShowcase />);
    expect(personName()).toBe(team[0]!.name);
    advance(TEAM_ROTATION_MS - 1);
    expect(personName()).toBe(team[0]!.name);
    advance(1);
    expect(personName()).toBe(team[1]!.name);
    advance(TEAM_ROTATION_MS * 3);
    expect(personName()).toBe(team[0]!.name);
    expect(screen.getByRole('img', { name: new RegExp(team[0]!.name) })).toHaveAttribute(
      'width',
      String(teamSection.imageSize.width),
    );
  });

  it('pixelates each change for exactly 1000 ms, then shows the sharp photo', () => {
    render(<TeamShowcase />);
    expect(canvas()).not.toBeVisible();
    advance(TEAM_ROTATION_MS);
    expect(canvas()).toBeVisible();
    advance(PIXELATION_MS - 1);
    expect(canvas()).toBeVisible();
    advance(1);
    expect(canvas()).not.toBeVisible();
  });

  it('pauses and resumes with the visible control', () => {
    render(<TeamShowcase />);
    fireEvent.click(screen.getByRole('button', { name: teamSection.pauseLabel }));
    advance(TEAM_ROTATION_MS * 2);
    expect(personName()).toBe(team[0]!.name);
    fireEvent.click(screen.getByRole('button', { name: teamSection.playLabel }));
    advance(TEAM_ROTATION_MS);
    expect(personName()).toBe(team[1]!.name);
  });

  it('pauses while hovered or focused', () => {
    render(<TeamShowcase />);
    const section = screen.getByRole('region', { name: teamSection.heading });
    fireEvent.mouseEnter(section);
    advance(TEAM_ROTATION_MS * 2);
    expect(personName()).toBe(team[0]!.name);
    fireEvent.mouseLeave(section);
    act(() => screen.getByRole('button', { name: teamSection.pauseLabel }).focus());
    advance(TEAM_ROTATION_MS * 2);
    expect(personName()).toBe(team[0]!.name);
    act(() => screen.getByRole('button', { name: teamSection.pauseLabel }).blur());
    advance(TEAM_ROTATION_MS);
    expect(personName()).toBe(team[1]!.name);
  });

  it('with reduced motion: starts paused and never pixelates', () => {
    setReducedMotion(true);
    render(<TeamShowcase />);
    advance(TEAM_ROTATION_MS * 2);
    expect(personName()).toBe(team[0]!.name);
    fireEvent.click(screen.getByRole('button', { name: teamSection.playLabel }));
    advance(TEAM_ROTATION_MS);
    expect(personName()).toBe(team[1]!.name);
    expect(canvas()).not.toBeVisible();
  });
});
