"""Learning to learn by gradient descent (Andrychowicz et al. 2016) on rangeland grazing-pressure regressors.

Optimizee: a small MLP mapping a paddock's monthly NDVI + rainfall series to its stocking rate (AU/ha).
As in the paper's default, second derivatives are dropped: the optimizee gradients fed to the LSTM are treated as
constants, so the meta-gradient flows only through the additive parameter updates.
"""
from dataclasses import dataclass


@dataclass
class L2OConfig:
    months: int = 12
    hidden: int = 16
    batch: int = 32
    lstm_hidden: int = 12
    preprocess_p: float = 10.0
    update_scale: float = 0.05
    unroll: int = 5
    truncations: int = 2
    meta_iters: int = 3
    meta_lr: float = 3e-3
    second_derivatives: bool = False
