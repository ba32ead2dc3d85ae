import torch.nn as nn


class GatedDense(nn.Module):
    """Linear layer followed by a gated linear unit (halves the width back)."""

    def __init__(self, d_in, d_out):
        super().__init__()
        self.proj = nn.Linear(d_in, 2 * d_out)
        self.glu = nn.GLU(dim=-1)

    def forward(self, x):
        return self.glu(self.proj(x))


def plain_dense(d_in, d_out, act):
    return nn.Sequential(nn.Linear(d_in, d_out), act)
