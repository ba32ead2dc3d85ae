"""Run settings: an ensemble of two critics; only one of them is trained with a gradient penalty."""
SPEC_BINS = 24
LATENT = 6
ENSEMBLE = ("mlp", "conv")
GP_MEMBER = 1          # index into ENSEMBLE of the critic trained with the gradient penalty
GP_WEIGHT = 10.0
CLIP = 0.05            # weight clipping for the other members
N_CRITIC = 2
ITERS = 2
BATCH = 8
