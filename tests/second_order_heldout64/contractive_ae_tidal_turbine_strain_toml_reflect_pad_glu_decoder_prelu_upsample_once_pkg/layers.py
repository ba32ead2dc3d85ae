"""Layer tables selected by experiment.toml."""
from functools import partial

import torch.nn as nn

PADDING = {
    "reflect": nn.ReflectionPad1d,
    "zeros": partial(nn.ConstantPad1d, value=0.0),
    "replicate": nn.ReplicationPad1d,
}
GATES = {
    "glu": partial(nn.GLU, dim=1),
    "silu": nn.SiLU,
}
DECODER_ACTS = {
    "prelu": nn.PReLU,
    "leaky": partial(nn.LeakyReLU, 0.1),
}


def conv_stage(c_in, c_out, kernel, padding_mode, gate):
    """pad -> conv (2x channels for the gated variant) -> gate, stride 2."""
    gated = gate == "glu"
    return nn.Sequential(
        PADDING[padding_mode](kernel // 2),
        nn.Conv1d(c_in, c_out * (2 if gated else 1), kernel, stride=2),
        GATES[gate](),
    )
