"""The path of one tool call, after the transport: the runtime (client and permissions), what a
token is offered, the arguments, the handler, gating on the target, confirmation and errors."""
