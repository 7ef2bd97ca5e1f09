import { errorMessage } from '../lib/api-client';
import { Button } from './button';

export interface LoadErrorProps {
  error: unknown;
  onRetry: () => void;
  className?: string | undefined;
}

/** A request that failed: its Spanish message, announced, and a way to try again. */
export function LoadError({ error, onRetry, className }: LoadErrorProps) {
  return (
    <div className={className}>
      <p role="alert">{errorMessage(error)}</p>
      <Button variant="secondary" onClick={onRetry}>
        Reintentar
      </Button>
    </div>
  );
}
