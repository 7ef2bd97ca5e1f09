import { type KeyboardEvent, useRef } from 'react';
import styles from './admin-tabs.module.css';

export interface AdminTab<T extends string> {
  value: T;
  label: string;
}

interface AdminTabsProps<T extends string> {
  tabs: ReadonlyArray<AdminTab<T>>;
  selected: T;
  onSelect: (value: T) => void;
  /** Ids are `${idPrefix}-tab-${value}`; the panel's id is `${idPrefix}-panel`. */
  idPrefix: string;
  label: string;
}

export const tabId = (idPrefix: string, value: string) => `${idPrefix}-tab-${value}`;
export const tabPanelId = (idPrefix: string) => `${idPrefix}-panel`;

/**
 * A WAI-ARIA tab list with one shared panel: only the selected tab is in the tab order, the arrow keys
 * (and Home / End) move between tabs and select them.
 */
export function AdminTabs<T extends string>({
  tabs,
  selected,
  onSelect,
  idPrefix,
  label,
}: AdminTabsProps<T>) {
  const list = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.value === selected);
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    const tab = next === undefined ? undefined : tabs[next];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.value);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next ?? 0]?.focus();
  };

  return (
    <div ref={list} role="tablist" aria-label={label} className={styles.tabs} onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const isSelected = tab.value === selected;
        return (
          <button
            key={tab.value}
            id={tabId(idPrefix, tab.value)}
            type="button"
            role="tab"
            className={styles.tab}
            aria-selected={isSelected}
            aria-controls={tabPanelId(idPrefix)}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(tab.value)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
