"""Run configuration kept in INI form (as read from morse.ini on the cluster)."""
import configparser

DEFAULT_INI = """
[model]
width = 32
depth = 3
activation = elu
fourier_features = 0

[physics]
# Morse potential V(r) = D (1 - exp(-a (r - r0)))^2 in reduced units
depth_D = 6.0
alpha = 1.2
r0 = 1.5
r_min = 0.6
r_max = 4.5
level = 1

[train]
steps = 3
n_collocation = 96
lr = 1e-3
w_norm = 5.0
w_orth = 1.0
"""


def load_config(text=DEFAULT_INI):
    cfg = configparser.ConfigParser()
    cfg.read_string(text)
    return cfg
