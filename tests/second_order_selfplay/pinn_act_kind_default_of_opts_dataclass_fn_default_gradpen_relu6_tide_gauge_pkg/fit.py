import torch

from field import TideField
from opts import TideOpts
from physics import wave_residual


def fit(o=TideOpts()):
    u_net = TideField(o)
    opt = torch.optim.Adam(u_net.parameters(), lr=1e-3)
    for _ in range(o.rounds):
        loss = wave_residual(u_net, torch.rand(16, 2)).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    fit()
