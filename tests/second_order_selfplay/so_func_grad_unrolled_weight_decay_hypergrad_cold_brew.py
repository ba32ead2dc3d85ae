"""Learned weight decay for a cold-brew extraction-yield model: one unrolled SGD step written with torch.func.grad
over the parameter dict (log weight decay as a second argument), and the validation loss of the stepped parameters
backpropagated to the log weight decay: the training loss is differentiated twice."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad


class YieldNet(nn.Module):
    def __init__(self, c=4, width=8):
        super().__init__()
        self.pad = nn.ReflectionPad1d(1)
        self.conv = nn.Conv1d(c, width, 3)
        self.act = nn.ReLU6()
        self.out = nn.Linear(width, 1)

    def forward(self, x):
        return self.out(self.act(self.pad(self.conv(x))).mean(-1)).squeeze(-1)


def brew_logs(n=12):
    x = torch.randn(n, 4, 10)
    return x, x[:, 0].mean(-1) * 0.7 + 0.2


def main(lr=0.1):
    net = YieldNet()
    log_wd = torch.tensor(-4.0, requires_grad=True)
    hyper_opt = torch.optim.Adam([log_wd], lr=1e-2)

    def train_loss(params, lwd, x, y):
        fit = F.huber_loss(functional_call(net, params, (x,)), y, delta=0.5)
        return fit + lwd.exp() * sum(p.pow(2).sum() for p in params.values())

    for step in range(2):
        x, y = brew_logs()
        xv, yv = brew_logs()
        params = dict(net.named_parameters())
        g = grad(train_loss)(params, log_wd, x, y)
        fast = {k: p - lr * g[k] for k, p in params.items()}
        val = F.mse_loss(functional_call(net, fast, (xv,)), yv)
        hyper_opt.zero_grad()
        val.backward()
        hyper_opt.step()
        print(step, val.item(), log_wd.item())


if __name__ == "__main__":
    main()
