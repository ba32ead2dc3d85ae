"""Neural temperature fields; layers are attached as block0..blockN from class attributes."""
import torch
import torch.nn as nn


class FieldBase(nn.Module):
    IN = 3
    WIDTH = 32
    DEPTH = 3
    ACT = nn.Tanh

    def __init__(self):
        super().__init__()
        dims = [self.IN] + [self.WIDTH] * self.DEPTH
        for i in range(self.DEPTH):
            setattr(self, f"block{i}", nn.Linear(dims[i], dims[i + 1]))
        self.act = self.ACT()
        self.out = nn.Linear(self.WIDTH, 1)

    def forward(self, inp):
        h = inp
        for i in range(self.DEPTH):
            h = self.act(getattr(self, f"block{i}")(h))
        return self.out(h)


class TemperatureField(FieldBase):
    """T(x, y, t) with the initial condition T(x, y, 0) = T_amb built in."""
    ACT = nn.SELU

    def __init__(self, t_amb):
        super().__init__()
        self.t_amb = t_amb

    def forward(self, xyt):
        t = xyt.narrow(1, 2, 1)
        return self.t_amb + t * super().forward(xyt)


class TabFluxField(FieldBase):
    """Tab heat-flux field for the inverse problem (separate script); not built by train.py."""
    IN = 2
    DEPTH = 2
    ACT = nn.Hardswish

    def forward(self, xy):
        return torch.nn.functional.softplus(super().forward(xy))
