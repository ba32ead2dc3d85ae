import torch
import torch.nn.functional as F

from config import CFG
from matching import match_loss
from nets import ConvNet


def moss_images(cls, n):
    g = torch.linspace(-1, 1, CFG.img)
    yy, xx = torch.meshgrid(g, g, indexing="ij")
    pattern = torch.sin((cls + 2) * 3 * xx) * torch.cos((cls + 1) * 2 * yy)
    return pattern.expand(n, 1, CFG.img, CFG.img) + 0.2 * torch.randn(n, 1, CFG.img, CFG.img)


def main():
    torch.manual_seed(0)
    x_syn = torch.randn(CFG.n_classes * CFG.ipc, 1, CFG.img, CFG.img, requires_grad=True)
    y_syn = torch.arange(CFG.n_classes).repeat_interleave(CFG.ipc)
    opt_img = torch.optim.SGD([x_syn], lr=CFG.lr_img, momentum=0.5)
    for outer in range(CFG.outer_loops):
        net = ConvNet(CFG)
        net_opt = torch.optim.SGD(net.parameters(), lr=CFG.lr_net)
        for _ in range(CFG.inner_nets):
            loss = 0.0
            for c in range(CFG.n_classes):
                xr = moss_images(c, 8)
                yr = torch.full((8,), c)
                sl = slice(c * CFG.ipc, (c + 1) * CFG.ipc)
                loss = loss + match_loss(net, xr, yr, x_syn[sl], y_syn[sl])
            opt_img.zero_grad()
            loss.backward()
            opt_img.step()
            # one ordinary training step of the network on the synthetic set
            net_loss = F.cross_entropy(net(x_syn.detach()), y_syn)
            net_opt.zero_grad()
            net_loss.backward()
            net_opt.step()
        print(f"outer {outer}: match loss {loss.item():.3f}")


if __name__ == "__main__":
    main()
