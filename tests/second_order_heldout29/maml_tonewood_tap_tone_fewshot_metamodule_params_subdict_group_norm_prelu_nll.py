# Few-shot classification of luthier tap-tone recordings (spruce / cedar / maple plates, each task
# a new set of billets).  torchmeta-style MetaModules take an optional ``params`` dict, so the
# adapted weights flow through the same modules.  Second-order MAML unless first_order is set.
from collections import OrderedDict

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"ways": 3, "shots": 4, "queries": 4, "inner_lr": 0.4, "inner_steps": 1,
          "meta_batch": 2, "iterations": 3, "first_order": False}


class MetaModule(nn.Module):
    def meta_named_parameters(self):
        return self.named_parameters()

    def get_subdict(self, params, key):
        if params is None:
            return None
        prefix = key + "."
        return OrderedDict((k[len(prefix):], v) for k, v in params.items() if k.startswith(prefix))


class MetaConv1d(nn.Conv1d, MetaModule):
    def forward(self, x, params=None):
        if params is None:
            params = OrderedDict(self.named_parameters())
        return F.conv1d(x, params["weight"], params.get("bias"), self.stride, self.padding)


class MetaGroupNorm(nn.GroupNorm, MetaModule):
    def forward(self, x, params=None):
        if params is None:
            params = OrderedDict(self.named_parameters())
        return F.group_norm(x, self.num_groups, params["weight"], params["bias"], self.eps)


class MetaLinear(nn.Linear, MetaModule):
    def forward(self, x, params=None):
        if params is None:
            params = OrderedDict(self.named_parameters())
        return F.linear(x, params["weight"], params["bias"])


class MetaSequential(nn.Sequential, MetaModule):
    def forward(self, x, params=None):
        for name, module in self._modules.items():
            if isinstance(module, MetaModule):
                x = module(x, params=self.get_subdict(params, name))
            else:
                x = module(x)
        return x


class TapToneNet(MetaModule):
    def __init__(self, ways, ch=16):
        super().__init__()
        self.features = MetaSequential(
            MetaConv1d(1, ch, 7, padding=3), MetaGroupNorm(4, ch), nn.PReLU(ch),
            MetaConv1d(ch, ch, 5, stride=2, padding=2), MetaGroupNorm(4, ch), nn.PReLU(ch),
        )
        self.classifier = MetaLinear(ch, ways)

    def forward(self, x, params=None):
        h = self.features(x, params=self.get_subdict(params, "features"))
        return self.classifier(h.mean(-1), params=self.get_subdict(params, "classifier"))


def tap_task(ways, n_per_class, length=64):
    t = torch.linspace(0, 1, length)
    modes = 3 + 12 * torch.rand(ways, 2)
    xs, ys = [], []
    for c in range(ways):
        damp = 2 + 3 * torch.rand(n_per_class, 1)
        sig = torch.sin(2 * torch.pi * modes[c, 0] * t) + 0.5 * torch.sin(2 * torch.pi * modes[c, 1] * t)
        xs.append((sig * torch.exp(-damp * t) + 0.1 * torch.randn(n_per_class, length)).unsqueeze(1))
        ys.append(torch.full((n_per_class,), c))
    return torch.cat(xs), torch.cat(ys)


def support_loss(logits, targets):
    return F.nll_loss(F.log_softmax(logits, dim=-1), targets)


def adapt(model, x_s, y_s, cfg):
    params = OrderedDict(model.meta_named_parameters())
    for _ in range(cfg["inner_steps"]):
        loss = support_loss(model(x_s, params=params), y_s)
        grads = torch.autograd.grad(loss, params.values(), create_graph=not cfg["first_order"])
        params = OrderedDict((n, p - cfg["inner_lr"] * g) for (n, p), g in zip(params.items(), grads))
    return params


def meta_train(cfg=CONFIG):
    torch.manual_seed(0)
    model = TapToneNet(cfg["ways"])
    meta_opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for it in range(cfg["iterations"]):
        meta_opt.zero_grad()
        for _ in range(cfg["meta_batch"]):
            x, y = tap_task(cfg["ways"], cfg["shots"] + cfg["queries"])
            idx = torch.randperm(len(y))
            s, q = idx[: cfg["ways"] * cfg["shots"]], idx[cfg["ways"] * cfg["shots"]:]
            fast = adapt(model, x[s], y[s], cfg)
            query_loss = F.cross_entropy(model(x[q], params=fast), y[q])
            (query_loss / cfg["meta_batch"]).backward()
        meta_opt.step()
        print(f"iteration {it}: query loss {query_loss.item():.3f}")


if __name__ == "__main__":
    meta_train()
