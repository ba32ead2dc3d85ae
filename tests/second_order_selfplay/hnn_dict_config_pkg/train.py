import torch

from dynamics import symplectic_field
from nets import Damping, HamiltonianNet

CONFIG = {
    "model": {"dim": 2, "width": 64, "act": "relu6"},
    "damping": {"act": "hswish"},
    "lr": 1e-3,
}

mcfg = CONFIG["model"]
H = HamiltonianNet(mcfg["dim"], mcfg["width"], mcfg["act"])
damp = Damping(mcfg["dim"], CONFIG["damping"]["act"])
opt = torch.optim.Adam(list(H.parameters()) + list(damp.parameters()), lr=CONFIG["lr"])
for step in range(2):
    q, p = torch.randn(32, 2), torch.randn(32, 2)
    dq_true, dp_true = torch.randn(32, 2), torch.randn(32, 2)
    dq, dp = symplectic_field(H, q, p)
    dp = dp - damp(p.detach())
    loss = (dq - dq_true).pow(2).mean() + (dp - dp_true).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
