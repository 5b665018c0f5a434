import { Table } from '@suwerte/shared/pages';
import { Fragment, type ReactNode } from 'react';
import classes from './ResponsiveTable.module.css';

export interface TableColumn<T> {
  /** The column's name: its header and, on phones, the label beside each value. */
  name: string;
  /** A header other than the name (e.g. a visually hidden one). @default name */
  header?: ReactNode;
  /** Right-aligned, never wrapped (amounts). @default false */
  numeric?: boolean;
  /** No label beside the value on phones (e.g. a button column). @default false */
  unlabelled?: boolean;
  /** Extra class of the column's cells. */
  className?: string;
  cell: (row: T) => ReactNode;
}

/** One row's cells, for a table that wraps them itself (`renderRow`). */
export function TableCells<T>({ columns, row }: { columns: readonly TableColumn<T>[]; row: T }) {
  return columns.map((column) => (
    <Table.Td
      key={column.name}
      data-label={column.unlabelled ? undefined : column.name}
      className={[column.numeric ? classes.number : undefined, column.className].filter(Boolean).join(' ') || undefined}
    >
      {column.cell(row)}
    </Table.Td>
  ));
}

export interface ResponsiveTableProps<T> {
  columns: readonly TableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** `data-testid` of each row. */
  rowTestId: string;
  /** A caption above the table (the spec's 'Recent … (Last 7 Days)'). */
  caption?: string;
  /** The id of the heading that names the table, when it has no caption. */
  labelledBy?: string;
  /** Wraps a row's cells; the default is one row. Bet History adds a details row under each. */
  renderRow?: (row: T, cells: ReactNode) => ReactNode;
}

/**
 * The members area's tables: on phones every row becomes a card, each value labelled with its
 * column's name (ResponsiveTable.module.css), so nothing scrolls sideways at 390 px.
 */
export function ResponsiveTable<T>({ columns, rows, rowKey, rowTestId, caption, labelledBy, renderRow }: ResponsiveTableProps<T>) {
  return (
    <Table className={classes.table} verticalSpacing="xs" highlightOnHover {...(caption ? { captionSide: 'top' as const } : { 'aria-labelledby': labelledBy })}>
      {caption && <Table.Caption>{caption}</Table.Caption>}
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.name} className={column.numeric ? classes.number : undefined}>
              {column.header ?? column.name}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => {
          const cells = <TableCells columns={columns} row={row} />;
          return renderRow ? (
            <Fragment key={rowKey(row)}>{renderRow(row, cells)}</Fragment>
          ) : (
            <Table.Tr key={rowKey(row)} data-testid={rowTestId}>
              {cells}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
