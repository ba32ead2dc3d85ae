"""Run configuration: a nested dict promoted to attribute access (OmegaConf-like)."""


class Cfg:
    def __init__(self, tree):
        for key, value in tree.items():
            setattr(self, key, Cfg(value) if isinstance(value, dict) else value)


RAW = {
    "physics": {"velocity": 0.6, "dispersion": 0.01, "decay": 0.25, "spill_width": 0.05},
    "model": {"width": 32, "depth": 3, "activation": "gelu_tanh", "layer_norm": True},
    "train": {"lr": 1e-3, "iters": 3, "n_interior": 96, "n_initial": 48, "n_boundary": 32},
    "loss": {"w_residual": 1.0, "w_initial": 10.0, "w_boundary": 1.0, "huber_delta": 0.05},
}

cfg = Cfg(RAW)
