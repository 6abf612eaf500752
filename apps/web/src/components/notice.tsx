import type { ReactNode } from 'react';

export interface NoticeProps {
  kind: 'error' | 'success' | 'info' | 'warning';
  children: ReactNode;
  id?: string;
}

/** A message under a form or at the top of a screen; errors interrupt screen readers, others wait. */
export function Notice({ kind, children, id }: NoticeProps) {
  const urgent = kind === 'error' || kind === 'warning';
  return (
    <div
      id={id}
      className={`notice notice--${kind}`}
      role={urgent ? 'alert' : 'status'}
      aria-live={urgent ? 'assertive' : 'polite'}
    >
      {children}
    </div>
  );
}
