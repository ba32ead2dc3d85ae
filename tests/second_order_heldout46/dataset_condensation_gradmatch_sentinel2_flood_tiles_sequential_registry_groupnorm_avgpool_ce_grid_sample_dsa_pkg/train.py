import torch
import torch.nn.functional as F

from config import CondenseConfig
from convnet import build_convnet
from matching import class_match_loss


def sentinel_tiles(cfg, per_class, seed):
    g = torch.Generator().manual_seed(seed)
    # class means of (B2, B3, B4, B8) reflectance: water has low NIR, flooded vegetation mixed, dry land high NIR
    means = torch.tensor([[0.08, 0.07, 0.05, 0.02], [0.06, 0.09, 0.06, 0.18], [0.09, 0.11, 0.13, 0.32]])
    xs, ys = [], []
    for c in range(cfg.n_classes):
        tex = F.avg_pool2d(torch.randn(per_class, cfg.bands, cfg.tile, cfg.tile, generator=g), 3, 1, 1)
        xs.append(means[c].view(1, -1, 1, 1) + 0.03 * tex)
        ys.append(torch.full((per_class,), c))
    return torch.cat(xs), torch.cat(ys)


def main():
    cfg = CondenseConfig()
    torch.manual_seed(0)
    x_real, y_real = sentinel_tiles(cfg, cfg.real_per_class, seed=1)
    mu, sd = x_real.mean((0, 2, 3), keepdim=True), x_real.std((0, 2, 3), keepdim=True)
    x_real = (x_real - mu) / sd
    x_syn = torch.cat([x_real[y_real == c][:cfg.ipc] for c in range(cfg.n_classes)]).clone().requires_grad_()
    y_syn = torch.arange(cfg.n_classes).repeat_interleave(cfg.ipc)
    opt_img = torch.optim.SGD([x_syn], lr=cfg.lr_img, momentum=0.5)
    for it in range(cfg.outer_loops):
        net = build_convnet(cfg.net_spec, cfg.bands, cfg.tile, cfg.n_classes)
        params = list(net.parameters())
        opt_net = torch.optim.SGD(net.parameters(), lr=cfg.lr_net)
        for ol in range(cfg.inner_loops):
            loss = 0.0
            for c in range(cfg.n_classes):
                xr, yr = x_real[y_real == c][:8], y_real[y_real == c][:8]
                xs, ys = x_syn[y_syn == c], y_syn[y_syn == c]
                loss = loss + class_match_loss(net, params, xr, yr, xs, ys, seed=1000 * it + 10 * ol + c, cfg=cfg)
            opt_img.zero_grad()
            loss.backward()
            opt_img.step()
            # update the network on the (detached) synthetic set, first order
            net_loss = F.cross_entropy(net(x_syn.detach()), y_syn)
            opt_net.zero_grad()
            net_loss.backward()
            opt_net.step()
        print(f"outer {it} match loss {loss.item():.4f} net loss {net_loss.item():.4f}")
    with torch.no_grad():
        acc = (net(x_real).argmax(-1) == y_real).float().mean().item()
    print(f"final net accuracy on real tiles {acc:.3f}")


if __name__ == "__main__":
    main()
