import { NotYet } from '../../ui/NotYet.tsx';

export default function Customers() {
  return <NotYet title="Customers" what="This screen" />;
}
