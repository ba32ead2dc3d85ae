# Few-shot bird-call classification (MFCC summary vectors) with MAML: a FastSequential (nn.Sequential subclass
# with its own __init__) whose forward walks `self.children()` and hands fast weights to the layers that take
# them; FastGroupNorm runs F.group_norm in its forward, an nn.Softshrink sits between, all differentiated twice.
import torch
import torch.nn as nn
import torch.nn.functional as F


class FastLinear(nn.Linear):
    takes_weights = True

    def forward(self, x, weights=None, prefix=""):
        if weights is None:
            return super().forward(x)
        return F.linear(x, weights[prefix + "weight"], weights[prefix + "bias"])


class FastGroupNorm(nn.GroupNorm):
    takes_weights = True

    def forward(self, x, weights=None, prefix=""):
        w = self.weight if weights is None else weights[prefix + "weight"]
        b = self.bias if weights is None else weights[prefix + "bias"]
        return F.group_norm(x, self.num_groups, w, b, self.eps)


class FastSequential(nn.Sequential):
    def __init__(self, *layers):
        super().__init__(*layers)

    def forward(self, x, weights=None):
        for i, layer in enumerate(self.children()):
            if getattr(layer, "takes_weights", False):
                x = layer(x, weights, f"{i}.")
            else:
                x = layer(x)
        return x


def episode(ways=3, shots=4, dim=20):
    centers = torch.randn(ways, dim)
    y = torch.arange(ways).repeat_interleave(shots)
    return centers[y] + 0.3 * torch.randn(ways * shots, dim), y


def meta_step(net, opt, inner_lr=0.3):
    weights = dict(net.named_parameters())
    xs, ys = episode()
    xq, yq = episode()
    support = F.cross_entropy(net(xs, weights), ys)
    grads = torch.autograd.grad(support, list(weights.values()), create_graph=True)
    fast = {k: w - inner_lr * g for (k, w), g in zip(weights.items(), grads)}
    query = F.cross_entropy(net(xq, fast), yq)
    opt.zero_grad()
    query.backward()
    opt.step()
    return query.item()


if __name__ == "__main__":
    torch.manual_seed(0)
    net = FastSequential(FastLinear(20, 16), FastGroupNorm(4, 16), nn.Softshrink(0.1), FastLinear(16, 3))
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    for it in range(3):
        print(f"iter {it}: query loss {meta_step(net, opt):.3f}")
