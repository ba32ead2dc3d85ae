"""Dataset condensation with gradient matching (Zhao et al. 2021) for badminton shuttlecock
feather-defect crops (intact / split vane / bent shaft / missing barbs), 12x12 grey.

A handful of synthetic images per class is learned so that the network gradient on them
matches the gradient on real crops. The ConvNet is assembled from a layer table.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F

LAYER_TABLE = {
    "conv": lambda cin, cout: nn.Conv2d(cin, cout, 3, padding=1),
    "norm": lambda cin, cout: nn.GroupNorm(cout, cout, affine=True),
    "act": lambda cin, cout: nn.ReLU(inplace=False),
    "pool": lambda cin, cout: nn.AvgPool2d(kernel_size=2, stride=2),
    "bn": lambda cin, cout: nn.BatchNorm2d(cout),
}
PLAN = ["conv", "norm", "act", "pool", "conv", "norm", "act", "pool"]


class ConvNet(nn.Module):
    def __init__(self, channel=1, width=16, n_classes=4, res=12, plan=PLAN):
        super().__init__()
        mods, cin = [], channel
        for kind in plan:
            cout = width if kind == "conv" else cin
            mods.append(LAYER_TABLE[kind](cin, cout))
            cin = cout
        self.features = nn.Sequential(*mods)
        self.classifier = nn.Linear(width * (res // 4) ** 2, n_classes)

    def forward(self, x):
        return self.classifier(self.features(x).flatten(1))


def shuttle_crops(n_per_class, n_classes=4, res=12):
    xs, ys = [], []
    yy, xx = torch.meshgrid(torch.linspace(-1, 1, res), torch.linspace(-1, 1, res), indexing="ij")
    for c in range(n_classes):
        vane = torch.cos(8 * xx + 2 * yy + c) * (1 - 0.2 * c)
        x = vane.expand(n_per_class, 1, res, res) + 0.3 * torch.randn(n_per_class, 1, res, res)
        xs.append(x)
        ys.append(torch.full((n_per_class,), c, dtype=torch.long))
    return torch.cat(xs), torch.cat(ys)


def match_distance(gs, gr):
    dist = 0.0
    for a, b in zip(gs, gr):
        if a.dim() == 1:  # bias / norm params are skipped, as in the reference code
            continue
        a2, b2 = a.reshape(a.size(0), -1), b.reshape(b.size(0), -1)
        dist = dist + (1 - F.cosine_similarity(a2, b2, dim=1, eps=1e-6)).sum()
    return dist


def condense(args):
    n_classes = 4
    x_real, y_real = shuttle_crops(32, n_classes)
    image_syn = torch.randn(n_classes * args.ipc, 1, 12, 12, requires_grad=True)
    label_syn = torch.arange(n_classes).repeat_interleave(args.ipc)
    opt_img = torch.optim.SGD([image_syn], lr=args.lr_img, momentum=0.5)
    for it in range(args.iters):
        net = ConvNet(n_classes=n_classes)
        params = list(net.parameters())
        opt_net = torch.optim.SGD(net.parameters(), lr=0.01)
        for outer in range(args.outer_loop):
            loss = 0.0
            for c in range(n_classes):
                idx = (y_real == c).nonzero().squeeze(1)[torch.randperm(32)[: args.batch_real]]
                out_real = net(x_real[idx])
                g_real = torch.autograd.grad(F.cross_entropy(out_real, y_real[idx]), params)
                g_real = [g.detach().clone() for g in g_real]
                sl = slice(c * args.ipc, (c + 1) * args.ipc)
                l_syn = F.cross_entropy(net(image_syn[sl]), label_syn[sl])
                g_syn = torch.autograd.grad(l_syn, params, create_graph=True)
                loss = loss + match_distance(g_syn, g_real)
            opt_img.zero_grad()
            loss.backward()
            opt_img.step()
            # update the network on the (detached) synthetic set
            syn_train = image_syn.detach().clone()
            for _ in range(args.inner_loop):
                l_net = F.cross_entropy(net(syn_train), label_syn)
                opt_net.zero_grad()
                l_net.backward()
                opt_net.step()
        print("iter %d  match %.4f  |syn| %.3f" % (it, loss.item(), image_syn.data.abs().mean().item()))
    return image_syn.detach(), label_syn


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ipc", type=int, default=2)
    ap.add_argument("--iters", type=int, default=2)
    ap.add_argument("--outer-loop", type=int, default=2)
    ap.add_argument("--inner-loop", type=int, default=2)
    ap.add_argument("--batch-real", type=int, default=8)
    ap.add_argument("--lr-img", type=float, default=0.1)
    args = ap.parse_args()
    torch.manual_seed(9)
    syn, lab = condense(args)
    print("condensed set", tuple(syn.shape), "labels", lab.tolist())


if __name__ == "__main__":
    main()
