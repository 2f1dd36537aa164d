"""The ``parlour`` command: wires the front ends together."""
