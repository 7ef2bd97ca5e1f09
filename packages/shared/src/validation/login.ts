import { z } from 'zod';
import { requiredText } from './rules';

/** Login (SPEC §5): both fields required, checked on submit only. */
export const loginSchema = z.object({
  email: requiredText('Field required').max(254),
  password: requiredText('Field required').max(200),
});
export type LoginInput = z.infer<typeof loginSchema>;
