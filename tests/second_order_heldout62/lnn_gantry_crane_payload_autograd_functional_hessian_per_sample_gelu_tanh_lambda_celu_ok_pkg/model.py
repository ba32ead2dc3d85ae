"""Black-box Lagrangian L(q, qdot) for the trolley / payload system plus a learned gravity-potential correction."""
import torch
import torch.nn as nn

ACTS = {
    "gelu_tanh": lambda: nn.GELU(approximate="tanh"),
    "relu6": nn.ReLU6,
    "tanh": nn.Tanh,
}


def build_trunk(names, n_in, hidden, act):
    mods, d = [], n_in
    for i, name in enumerate(names):
        if name == "linear":
            d_out = 1 if i == len(names) - 1 else hidden
            mods.append(nn.Linear(d, d_out))
            d = d_out
        elif name == "act":
            mods.append(ACTS[act]())
        else:
            raise KeyError(name)
    return nn.ModuleList(mods)


class PotentialCorrection(nn.Module):
    """V_psi(theta): small periodic correction to the pendulum potential."""

    def __init__(self, hidden):
        super().__init__()
        self.inp = nn.Linear(2, hidden)
        self.act = nn.CELU(alpha=0.5)
        self.out = nn.Linear(hidden, 1)

    def forward(self, theta):
        feats = torch.stack([torch.sin(theta), torch.cos(theta)], dim=-1)
        return self.out(self.act(self.inp(feats))).squeeze(-1)


class LagrangianNet(nn.Module):
    """Input: one state s = (x, theta, xdot, thetadot); output: scalar L(s)."""

    def __init__(self, mcfg):
        super().__init__()
        self.trunk = build_trunk(mcfg["layers"], 5, mcfg["hidden"], mcfg["act"])
        self.potential = PotentialCorrection(mcfg["potential_hidden"])

    def forward(self, s):
        x, theta, xdot, thetadot = s.unbind(-1)
        h = torch.stack([x, torch.sin(theta), torch.cos(theta), xdot, thetadot], dim=-1)
        for layer in self.trunk:
            h = layer(h)
        return h.squeeze(-1) - self.potential(theta)
