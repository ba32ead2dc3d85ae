# Layer-wise Hessian top eigenvalue (power iteration on HVPs) for mixed-precision bit allocation of one
# block of a keyword-spotting CNN. The model comes from a builder + registry; only one conv's weight is probed.
import torch
import torch.nn as nn
import torch.nn.functional as F

ACTIVATIONS = {"relu": nn.ReLU, "hswish": nn.Hardswish, "silu": nn.SiLU}


def conv_bn_act(cin, cout, act):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), ACTIVATIONS[act]())


class KWSNet(nn.Module):
    def __init__(self, act, widths=(16, 24, 32), n_words=12):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(1, widths[0], 5, stride=2, padding=2), nn.LocalResponseNorm(3), nn.ReLU6())
        self.blocks = nn.ModuleList(conv_bn_act(a, b, act) for a, b in zip(widths[:-1], widths[1:]))
        self.pool = nn.AdaptiveAvgPool2d((1, 1))
        self.fc = nn.Linear(widths[-1], n_words)

    def forward(self, x):
        x = self.stem(x)
        for blk in self.blocks:
            x = blk(x)
        return self.fc(self.pool(x).flatten(1))


def build_model(name="kws_cnn", act="hswish"):
    registry = {"kws_cnn": lambda: KWSNet(act)}
    return registry[name]()


def top_eigenvalue(model, weight, x, y, iters=5):
    loss = F.cross_entropy(model(x), y)
    (g,) = torch.autograd.grad(loss, weight, create_graph=True)
    v = torch.randn_like(weight)
    v /= v.norm()
    eig = 0.0
    for _ in range(iters):
        (hv,) = torch.autograd.grad(g, weight, grad_outputs=v, retain_graph=True)
        eig = (hv * v).sum().item()
        v = hv / (hv.norm() + 1e-12)
    return eig


if __name__ == "__main__":
    net = build_model("kws_cnn", act="hswish").eval()
    target = net.blocks[0][0].weight
    x, y = torch.randn(8, 1, 40, 32), torch.randint(0, 12, (8,))
    lam = top_eigenvalue(net, target, x, y)
    bits = 8 if lam > 1.0 else 4
    print("lambda_max", lam, "bits for blocks[0]", bits)
