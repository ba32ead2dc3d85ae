import torch

from config import opts
from nets import TemperatureNet


def heat_residual(net, z, t, kappa):
    z = z.requires_grad_(True)
    t = t.requires_grad_(True)
    u = net(z, t)
    u_z, u_t = torch.autograd.grad(u.sum(), (z, t), create_graph=True)
    u_zz, = torch.autograd.grad(u_z.sum(), z, create_graph=True)
    return u_t - kappa * u_zz


def main():
    torch.manual_seed(0)
    net = TemperatureNet(opts)
    opt = torch.optim.Adam(net.parameters(), lr=opts.train.lr)
    for it in range(opts.train.iters):
        z, t = torch.rand(opts.train.n, 1), torch.rand(opts.train.n, 1)
        loss = heat_residual(net, z, t, opts.physics.kappa).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(it, float(loss))


if __name__ == "__main__":
    main()
