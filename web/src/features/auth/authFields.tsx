// The fields and links the signed-out pages share: log in, sign up, and the pages of the emailed
// links (LinkPages.tsx). Each takes its form's input props; what a page asks besides stays there.
import { Anchor, PasswordInput, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { PASSWORD_RULE, passwordProblem } from '@shared/password.ts';
import { Link } from 'react-router';

/** The server's own password rule (shared code), checked on submit so the form says it before the API does. */
export const checkPassword = (value: string) => {
  const problem = passwordProblem(value);
  return problem ? `Password ${problem}` : null;
};

export function EmailField(props: GetInputPropsReturnType) {
  return <TextInput label="Email" type="email" autoComplete="email" required {...props} />;
}

/** A password being chosen (`fresh`: the rule said under it, the browser offers a new one), or the current one. */
export function PasswordField({
  fresh = false,
  label = 'Password',
  ...props
}: GetInputPropsReturnType & { fresh?: boolean; label?: string }) {
  return (
    <PasswordInput
      label={label}
      description={fresh ? PASSWORD_RULE : undefined}
      autoComplete={fresh ? 'new-password' : 'current-password'}
      required
      {...props}
    />
  );
}

/** "Already have an account? Log in": the other way in, another page (`to`) or a switch on this one. */
export function OtherWay({
  question,
  label,
  ...target
}: { question: string; label: string } & ({ to: string } | { onClick: () => void })) {
  return (
    <Text size="sm">
      {question}{' '}
      {'to' in target ? (
        <Anchor component={Link} to={target.to}>
          {label}
        </Anchor>
      ) : (
        <Anchor component="button" type="button" onClick={target.onClick}>
          {label}
        </Anchor>
      )}
    </Text>
  );
}

/** A link under a form to another signed-out page ("Forgot password?", "Back to log in"). */
export function PageLink({ to, children }: { to: string; children: string }) {
  return (
    <Anchor component={Link} to={to} size="sm">
      {children}
    </Anchor>
  );
}
