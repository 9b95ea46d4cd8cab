import { NotYet } from '../../ui/NotYet.tsx';

export default function Accounts() {
  return <NotYet title="Accounts" what="This screen" />;
}
