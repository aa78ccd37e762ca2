/** The message box in a React island, as `Alert.astro` draws it on pages (the rule: `alert-box.ts`). */
import type { HTMLAttributes, ReactNode } from 'react';
import { alertClass, alertRole, type AlertKind, type AlertRole } from './alert-box';

interface Props extends Omit<HTMLAttributes<HTMLElement>, 'role'> {
  kind: AlertKind;
  /** Defaults by kind: 'alert' for an error, else 'status'; null for none. */
  role?: AlertRole;
  /** A paragraph for a line of text, a div for more. */
  as?: 'p' | 'div';
  children: ReactNode;
}

export function Alert({ kind, role, as: Tag = 'p', className, children, ...rest }: Props) {
  return (
    <Tag className={alertClass(kind, className)} role={alertRole(kind, role)} {...rest}>
      {children}
    </Tag>
  );
}
