import { NotYet } from '../../ui/NotYet.tsx';

export default function JournalEntryEditor() {
  return <NotYet title="JournalEntryEditor" what="This screen" />;
}
