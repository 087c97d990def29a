import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '@firstday/router';
import { dribbbleProfile, work, workSection } from 'remote-shared/content';
import { OurWork } from '../our-work';

const renderWork = () =>
  render(
    <MemoryRouter>
      <OurWork />
    </MemoryRouter>,
  );

describe('OurWork', () => {
  it('has the #work anchor and a tile per project', () => {
    const { container } = renderWork();
    expect(container.querySelector('#work')).not.toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(work.map((w) => w.title)).toEqual(['Chingari', 'Camplain', 'Panda Awakening']);
  });

  it('reveals "Check project" on hover and on keyboard focus, opening a new tab safely', () => {
    renderWork();
    const [tile] = screen.getAllByRole('article');
    expect(tile).toHaveAttribute('data-active', 'false');
    fireEvent.mouseEnter(tile!);
    expect(tile).toHaveAttribute('data-active', 'true');
    fireEvent.mouseLeave(tile!);
    const link = within(tile!).getByRole('link', { name: new RegExp(workSection.checkProject) });
    fireEvent.focus(link);
    expect(tile).toHaveAttribute('data-active', 'true');
    expect(link).toHaveAttribute('href', work[0]!.link);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    const img = tile!.querySelector('img')!;
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '800');
  });

  it('links See More to Dribbble in a new tab and Know more to /about', () => {
    renderWork();
    const seeMore = screen.getByRole('link', { name: workSection.seeMore.label });
    expect(seeMore).toHaveAttribute('href', dribbbleProfile);
    expect(seeMore).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: workSection.knowMore.label })).toHaveAttribute(
      'href',
      '/about',
    );
  });
});
