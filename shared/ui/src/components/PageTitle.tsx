import { Title, useDocumentTitle } from '@suwerte/shared';

export interface PageTitleProps {
  /** Visible heading and the browser tab's title. */
  children: string;
}

/** The page's one h1; also names the browser tab. */
export function PageTitle({ children }: PageTitleProps) {
  useDocumentTitle(`${children} · Suwerte`);
  return (
    <Title order={1} size="h2" mb="md">
      {children}
    </Title>
  );
}
