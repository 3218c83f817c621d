"""The path of one tool call: the runtime, what is offered, arguments, the handler, gating, confirmation and errors."""
