import { NotYet } from '../../ui/NotYet.tsx';

export default function Dashboard() {
  return <NotYet title="Dashboard" what="This screen" />;
}
