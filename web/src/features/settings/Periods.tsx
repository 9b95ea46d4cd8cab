import { NotYet } from '../../ui/NotYet.tsx';

export default function Periods() {
  return <NotYet title="Periods" what="This screen" />;
}
