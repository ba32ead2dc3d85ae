"""Earthquake magnitude regression from station waveform features with a per-sample input-gradient
(local Lipschitz) penalty computed with torch.func.vmap(grad(...)) over a functional model."""
import torch
import torch.nn.functional as F
from torch.func import functional_call, grad, vmap

ACTIVATIONS = {
    "tanh": torch.tanh,
    "hswish": lambda t: F.hardswish(t),
    "lrelu": lambda t: F.leaky_relu(t, 0.1),
}


class MagnitudeMLP(torch.nn.Module):
    def __init__(self, d_in=12, hidden=32, act="hswish"):
        super().__init__()
        self.inp = torch.nn.Linear(d_in, hidden)
        self.mid = torch.nn.Linear(hidden, hidden)
        self.out = torch.nn.Linear(hidden, 1)
        self.act = ACTIVATIONS[act]

    def forward(self, x):
        return self.out(self.act(self.mid(self.act(self.inp(x))))).squeeze(-1)


def main(act_name="hswish", lam=0.1):
    model = MagnitudeMLP(act=act_name)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def predict_one(params, x):
        return functional_call(model, params, (x.unsqueeze(0),)).squeeze(0)

    per_sample_input_grad = vmap(grad(predict_one, argnums=1), in_dims=(None, 0))
    for step in range(3):
        feats = torch.randn(16, 12)
        mag = torch.rand(16) * 5 + 2
        params = dict(model.named_parameters())
        pred = functional_call(model, params, (feats,))
        gx = per_sample_input_grad(params, feats)
        lip = gx.pow(2).sum(-1).mean()
        loss = F.mse_loss(pred, mag) + lam * lip
        opt.zero_grad()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    main("hswish")
