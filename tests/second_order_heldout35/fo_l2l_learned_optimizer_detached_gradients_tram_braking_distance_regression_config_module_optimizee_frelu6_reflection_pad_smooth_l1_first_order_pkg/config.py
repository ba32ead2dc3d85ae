"""Learned-optimiser settings (Andrychowicz et al.: optimizee gradients are inputs, not differentiated)."""
UNROLL = 3
META_ITERS = 3
HIDDEN = 12
PREPROC_P = 10.0
DETACH_OPTIMIZEE_GRADS = True
