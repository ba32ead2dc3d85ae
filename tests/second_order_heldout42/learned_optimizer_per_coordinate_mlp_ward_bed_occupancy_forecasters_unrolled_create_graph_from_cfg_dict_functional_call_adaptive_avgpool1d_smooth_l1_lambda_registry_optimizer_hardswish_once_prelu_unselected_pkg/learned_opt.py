"""Learned optimiser: one MLP shared by all coordinates, fed (grad, momentum, param) features."""
import torch
import torch.nn as nn

OPT_ACTS = {"hswish": nn.Hardswish, "relu": nn.ReLU}


def preprocess(g, eps=1e-6):
    # log-magnitude / sign split of Andrychowicz et al. (2016)
    return torch.stack([torch.log(g.abs() + eps) / 10.0, torch.sign(g)], dim=-1)


class PerCoordinateMLPOpt(nn.Module):
    def __init__(self, hidden, act, scale):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(5, hidden), OPT_ACTS[act](), nn.Linear(hidden, 1))
        self.beta_logit = nn.Parameter(torch.tensor(2.0))
        self.scale = scale

    def init_state(self, params):
        return {k: torch.zeros_like(v) for k, v in params.items()}

    def forward(self, params, grads, state):
        beta = torch.sigmoid(self.beta_logit)
        new_params, new_state = {}, {}
        for k, p in params.items():
            m = beta * state[k] + (1 - beta) * grads[k]
            feats = torch.cat([preprocess(grads[k]), preprocess(m), p[..., None]], dim=-1)
            step = self.net(feats).squeeze(-1)
            new_params[k] = p - self.scale * step
            new_state[k] = m
        return new_params, new_state
