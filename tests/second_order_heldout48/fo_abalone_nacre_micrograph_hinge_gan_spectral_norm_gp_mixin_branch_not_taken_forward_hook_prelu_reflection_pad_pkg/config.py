"""Settings for the nacre-tablet micrograph GAN (hinge loss + spectral norm, no gradient penalty)."""
IMAGE_SIZE = 16
CHANNELS = 1
LATENT = 24
BATCH = 6
STEPS = 3
LR_D = 4e-4
LR_G = 1e-4
PENALTY = "none"        # "gp" was tried in the pilot and dropped: spectral norm is enough here
GP_WEIGHT = 10.0
ACT_ENERGY_WEIGHT = 1e-3
MONITOR_EVERY = 1
SEED = 11
