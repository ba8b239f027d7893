import {
  type TabListProps,
  renderTabList_unstable,
  useTabListContextValues_unstable,
  useTabListStyles_unstable,
  useTabList_unstable,
} from '@fluentui/react-components';
import { type KeyboardEvent, useRef } from 'react';

/** The keys that move between tabs in a horizontal tab list, and where each goes. */
function target(key: string, at: number, count: number): number | null {
  if (key === 'ArrowRight') return (at + 1) % count;
  if (key === 'ArrowLeft') return (at - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * Fluent's tab list, looked and selected the same, with its arrow keys handled here. Fluent's own TabList moves
 * between tabs through a focus group that puts two focusable `aria-hidden` sentinels around the tabs (axe
 * `aria-hidden-focus`, microsoft/tabster#288); here the tabs are a roving group instead: the selected tab is the
 * one in the Tab order (give each Tab `tabIndex` 0 when selected, else -1), the arrow keys, Home and End move the
 * focus along the tabs, and nothing hidden can take focus.
 */
export function PaneTabs(props: TabListProps) {
  const ref = useRef<HTMLDivElement>(null);
  const state = useTabList_unstable(props, ref);
  // The focus group's attribute goes: without it no sentinels are added.
  const { 'data-tabster': _group, ...root } = state.root as typeof state.root & { 'data-tabster'?: string };
  const own = props.onKeyDown;
  state.root = {
    ...root,
    onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => {
      own?.(e);
      const tabs = Array.from(ref.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]:not([disabled])') ?? []);
      const at = tabs.findIndex((t) => t === e.target);
      const to = at < 0 ? null : target(e.key, at, tabs.length);
      if (to === null) return;
      e.preventDefault();
      tabs[to].focus();
    },
  };
  const contextValues = useTabListContextValues_unstable(state);
  useTabListStyles_unstable(state);
  return renderTabList_unstable(state, contextValues);
}
