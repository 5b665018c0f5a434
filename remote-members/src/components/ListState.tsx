import { LoadFailedLine, StatusText } from '@suwerte/ui';
import { Text } from '@suwerte/shared';
import type { ReactNode } from 'react';

export interface ListStateProps {
  /** True while the list's first answer is awaited. */
  loading: boolean;
  /** True when the list has no rows — also after a failed load (spec: failed lists show as empty). */
  isEmpty: boolean;
  /** The spec's empty text, e.g. 'NO DEPOSIT'. */
  emptyText: string;
  /** A caption to keep above the empty text (the histories' 'Recent … (Last 7 Days)'). */
  emptyCaption?: string;
  /** The last load failed: the empty text gets a "couldn't load — Retry" line under it. */
  failed?: boolean;
  /** Loads the list again. */
  onRetry?: () => void;
  /** A retry is on its way. */
  retrying?: boolean;
  /** The list itself. */
  children: ReactNode;
}

/** The three states of every members list: 'Fetching data', the spec's empty text, or the rows. */
export function ListState({ loading, isEmpty, emptyText, emptyCaption, failed = false, onRetry, retrying = false, children }: ListStateProps) {
  if (loading) return <StatusText loading>Fetching data</StatusText>;
  if (isEmpty) {
    return (
      <>
        {emptyCaption && <Text fw={700}>{emptyCaption}</Text>}
        <StatusText>{emptyText}</StatusText>
        {/* The spec's empty list, plus a line, so a network failure never reads as "nothing there". */}
        {failed && onRetry && <LoadFailedLine onRetry={onRetry} retrying={retrying} />}
      </>
    );
  }
  return <>{children}</>;
}
