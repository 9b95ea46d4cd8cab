// A kind of contact (a customer, a vendor: D53, shaped alike) as one descriptor that ContactList and
// ContactPage read, after Bigcapital's neutral Contacts: the side, the form, the figures, and what the
// kind adds (a vendor's "New bill", a customer's statement).
import type { ReactNode } from 'react';
import type { ContactFilters } from '../../api/queries/contacts.ts';
import type { Figure } from '../../ui/Figures.tsx';
import type { ListPage, QueryOf } from '../documents/kind.ts';
import type { SideDescriptor } from '../documents/sides.ts';
import type { Books } from '../shell/books.tsx';

export interface ContactBase {
  id: string;
  version: number;
  display_name: string;
  email: string | null;
  phone: string | null;
  payment_terms: string;
  is_active: boolean;
  balance: string;
}

/** A contact's form: a new one (no `contact`) or the one read, saved, or reloaded after a 412. */
export interface ContactFormProps<Contact> {
  contact?: Contact;
  onSaved: (contact: Contact) => void;
  onReload?: () => void;
}

export interface ContactKind<Contact extends ContactBase> {
  side: SideDescriptor;
  plural: string;
  written: 'customers' | 'vendors';
  list: {
    query: (filters: ContactFilters) => QueryOf<ListPage<Contact>>;
    /** The open documents' count column ("Open invoices", "Open bills"). */
    openCount: { header: string; count: (contact: Contact) => number };
    minWidth: number;
    none: string;
    /** A new contact's page opens after it is created, or the list stays (and says it is saved). */
    afterCreate: 'open' | 'stay';
    /** Edit and Deactivate on each row. */
    rowActions?: {
      deactivate: (contact: Contact) => Promise<Contact>;
      deactivated: (contact: Contact) => string;
    };
  };
  one: (id: string) => QueryOf<Contact>;
  Form: (props: ContactFormProps<Contact>) => ReactNode;
  page: {
    figures: (contact: Contact, loading: boolean) => Figure[];
    /** A button beside Edit (a vendor's "New bill"), as the path it opens. */
    newDocument?: (contact: Contact) => { label: string; path: string } | null;
    /** A link to every document of the contact (a vendor's bills). */
    everyDocument?: (contact: Contact) => { label: string; path: string };
    noneOpen: string;
    Sections?: (props: { contact: Contact; books: Books }) => ReactNode;
  };
}
