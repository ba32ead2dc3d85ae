"""FGSM adversarial training of a keystroke-dynamics classifier; activation from a get_activation if/elif factory,
names from a dict config. First order: the input gradient is taken without create_graph and detached."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"act": "prelu", "eps": 0.05}


def get_activation(name):
    if name == "prelu":
        return nn.PReLU()
    if name == "hardswish":
        return nn.Hardswish()
    return nn.ReLU()


class KeystrokeNet(nn.Module):
    def __init__(self, act, d=20, n_users=5):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d, 64), get_activation(act), nn.AvgPool1d(2), nn.Linear(32, n_users))

    def forward(self, x):
        return F.log_softmax(self.net(x), dim=-1)


model = KeystrokeNet(CONFIG["act"])
opt = torch.optim.SGD(model.parameters(), lr=0.05)
for step in range(2):
    x = torch.randn(16, 20).requires_grad_(True)
    y = torch.randint(0, 5, (16,))
    loss = F.nll_loss(model(x), y)
    (gx,) = torch.autograd.grad(loss, x)
    x_adv = (x + CONFIG["eps"] * gx.sign()).detach()
    loss_adv = F.nll_loss(model(x_adv), y)
    opt.zero_grad()
    loss_adv.backward()
    opt.step()
