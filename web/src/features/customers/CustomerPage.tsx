import { NotYet } from '../../ui/NotYet.tsx';

export default function CustomerPage() {
  return <NotYet title="CustomerPage" what="This screen" />;
}
