import { NotYet } from '../../ui/NotYet.tsx';

export default function Invoices() {
  return <NotYet title="Invoices" what="This screen" />;
}
