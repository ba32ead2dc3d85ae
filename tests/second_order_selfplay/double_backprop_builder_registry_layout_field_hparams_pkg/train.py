import torch
import torch.nn.functional as F

from blocks import SeismicNet
from hparams import HP


def run():
    hp = HP()
    net = SeismicNet(hp)
    opt = torch.optim.SGD(net.parameters(), lr=1e-2)
    for epoch in range(hp.epochs):
        x = torch.randn(8, 1, 32).requires_grad_(True)
        y = torch.rand(8, 1) * 2 - 1
        loss = F.mse_loss(torch.tanh(net(x)), y)
        (gx,) = torch.autograd.grad(loss, x, create_graph=True)
        total = loss + hp.penalty * gx.pow(2).sum(dim=(1, 2)).mean()
        opt.zero_grad()
        total.backward()
        opt.step()
        print(epoch, total.item())


if __name__ == "__main__":
    run()
