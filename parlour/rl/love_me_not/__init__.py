"""Love Me Not for research: arrays from views, a batched simulator, CFR."""
