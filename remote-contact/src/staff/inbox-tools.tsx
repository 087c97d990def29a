import { useState } from 'react';
import { staffInbox, type StatusFilter } from 'remote-shared/staff-content';
import { Button, visuallyHidden } from 'remote-shared/ui';
import fields from '../shared-styles/fields.module.css';
import labels from '../shared-styles/labels.module.css';
import { LabelledInput } from './labelled-input';
import type { ExportFormat } from './request-downloads';
import { anyCampaign, noCampaign, views, type CampaignFilter } from './request-filter';
import styles from './inbox-tools.module.css';

/** What the inbox downloads, in the order of its buttons. */
const exportFormats: readonly ExportFormat[] = ['csv', 'json'];

// Option values for "any" and "none": control characters, which no stored campaign can hold.
const anyOption = '\u0000any';
const noneOption = '\u0000none';
const campaignOf = (value: string): CampaignFilter =>
  value === anyOption ? anyCampaign : value === noneOption ? noCampaign : value;

export interface InboxToolsProps {
  readonly search: string;
  readonly onSearch: (search: string) => void;
  readonly status: StatusFilter;
  /** How many requests each view holds (before the search), or null while loading. */
  readonly counts: Readonly<Record<StatusFilter, number>> | null;
  readonly onStatus: (status: StatusFilter) => void;
  readonly campaign: CampaignFilter;
  readonly campaigns: readonly string[];
  readonly onCampaign: (campaign: CampaignFilter) => void;
  readonly onExport: (format: ExportFormat) => void;
  readonly canExport: boolean;
}

/** Search, the status filter and the exports of what they show. */
export function InboxTools({
  search,
  onSearch,
  status,
  counts,
  onStatus,
  campaign,
  campaigns,
  onCampaign,
  onExport,
  canExport,
}: InboxToolsProps) {
  const text = staffInbox.tools;
  const [open, setOpen] = useState(false);
  const current = counts
    ? text.filterCount(text.filters[status], counts[status])
    : text.filters[status];
  return (
    <section className={styles.tools} aria-label={text.label}>
      <LabelledInput
        id="inbox-search"
        label={text.search}
        inputClassName={styles.search}
        type="search"
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        aria-describedby="inbox-search-hint"
        // The whole hint is said with the field; its start is shown in it, costing no line.
        placeholder={text.searchPlaceholder}
        autoComplete="off"
      >
        {/* Said with the field at every width, not shown: the placeholder shows the same. */}
        <p id="inbox-search-hint" className={visuallyHidden.always}>
          {text.searchHint}
        </p>
      </LabelledInput>
      <Button
        variant="secondary"
        className={[styles.compact, styles.moreToggle].join(' ')}
        aria-expanded={open}
        aria-controls="inbox-more-tools"
        onClick={() => setOpen(!open)}
      >
        {text.more(current)}
      </Button>
      <div id="inbox-more-tools" className={[styles.more, open ? styles.moreOpen : ''].join(' ')}>
        <fieldset className={styles.filter}>
          {/* From 720px the views name themselves ("All (12)"): the legend is said, not shown. */}
          <legend className={[styles.label, visuallyHidden.wide].join(' ')}>{text.filter}</legend>
          <div className={styles.segments}>
            {views.map((filter) => (
              <label key={filter} className={styles.segment}>
                <input
                  type="radio"
                  name="inbox-status"
                  value={filter}
                  checked={status === filter}
                  onChange={() => onStatus(filter)}
                />
                <span>
                  {counts
                    ? text.filterCount(text.filters[filter], counts[filter])
                    : text.filters[filter]}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className={[fields.stack, styles.campaignField].join(' ')}>
          <label htmlFor="inbox-campaign" className={labels.label}>
            {text.campaign}
          </label>
          <select
            id="inbox-campaign"
            className={[fields.input, styles.campaign].join(' ')}
            value={
              campaign === anyCampaign ? anyOption : campaign === noCampaign ? noneOption : campaign
            }
            onChange={(event) => onCampaign(campaignOf(event.target.value))}
          >
            <option value={anyOption}>{text.anyCampaign}</option>
            <option value={noneOption}>{text.noCampaign}</option>
            {campaigns.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.exports}>
          <div className={styles.exportButtons}>
            {exportFormats.map((format) => (
              <Button
                key={format}
                variant="secondary"
                className={styles.compact}
                disabled={!canExport}
                aria-describedby="inbox-export-note"
                onClick={() => onExport(format)}
              >
                {format === 'csv' ? text.exportCsv : text.exportJson}
              </Button>
            ))}
          </div>
          {/* Said with the export buttons, not shown: it would cost a line. */}
          <p id="inbox-export-note" className={visuallyHidden.always}>
            {text.exportNote}
          </p>
        </div>
      </div>
    </section>
  );
}
