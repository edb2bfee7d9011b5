/** The visible, explained state of an element whose settings are missing or wrong. */
export function ConfigError({ messages }: { messages: string[] }) {
  return (
    <div part="error config-error" class="config-error" role="alert">
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}
