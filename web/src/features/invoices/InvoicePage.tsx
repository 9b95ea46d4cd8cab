import { NotYet } from '../../ui/NotYet.tsx';

export default function InvoicePage() {
  return <NotYet title="InvoicePage" what="This screen" />;
}
