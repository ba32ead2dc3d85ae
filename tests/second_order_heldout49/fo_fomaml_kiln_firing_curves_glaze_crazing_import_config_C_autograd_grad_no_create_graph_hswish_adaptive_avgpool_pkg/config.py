"""First-order MAML on kiln firing curves (glaze crazing / pinholing / ok per kiln). ``import config as C``."""

SEED = 31
CHANNELS = 3          # thermocouple (top, bottom) + oxygen probe
LENGTH = 48           # resampled firing schedule
N_WAY = 3
K_SHOT = 2
K_QUERY = 4
WIDTH = 16

INNER_STEPS = 2
INNER_LR = 0.05
META_LR = 1e-3
META_BATCH = 3
META_STEPS = 3
