import torch.nn as nn

NONLINEARITIES = {
    "tanh": nn.Tanh,
    "prelu": nn.PReLU,
    "hswish": nn.Hardswish,
    "silu": nn.SiLU,
}


class DenseAct(nn.Module):
    def __init__(self, d_in, d_out, activation):
        super().__init__()
        self.linear = nn.Linear(d_in, d_out)
        self.nonlin = NONLINEARITIES[activation]()

    def forward(self, x):
        return self.nonlin(self.linear(x))
