"""5-way 1-shot classification of Maya glyph-block crops with MAML, written with torch.func.

The inner step is torch.func.grad of the support loss; the query loss at the adapted parameters is
backpropagated into the initial parameters (full second-order MAML, no first-order shortcut).
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad

N_WAY, K_SHOT, K_QUERY, META_BATCH = 5, 1, 3, 2
INNER_LR, INNER_STEPS, META_STEPS = 0.4, 1, 2


class GlyphConv4(nn.Module):
    def __init__(self, n_way, ch=8, depth=3):
        super().__init__()
        self.features = nn.Sequential(*[self._block(1 if i == 0 else ch, ch) for i in range(depth)])
        self.classifier = nn.Linear(ch * 2 * 2, n_way)

    @staticmethod
    def _block(cin, cout):
        return nn.Sequential(
            nn.Conv2d(cin, cout, 3, padding=1),
            nn.BatchNorm2d(cout, track_running_stats=False),
            nn.ReLU(),
            nn.MaxPool2d(2),
        )

    def forward(self, x):
        return self.classifier(self.features(x).flatten(1))


def support_loss(params, model, x, y):
    logits = functional_call(model, params, (x,))
    return F.cross_entropy(logits, y)


def adapt(model, params, xs, ys):
    for _ in range(INNER_STEPS):
        g = grad(support_loss)(params, model, xs, ys)
        params = {k: p - INNER_LR * g[k] for k, p in params.items()}
    return params


def glyph_task(gen):
    protos = torch.randn(N_WAY, 1, 16, 16, generator=gen)
    def draw(k):
        x = protos.repeat_interleave(k, 0) + 0.3 * torch.randn(N_WAY * k, 1, 16, 16, generator=gen)
        return x, torch.arange(N_WAY).repeat_interleave(k)
    return draw(K_SHOT), draw(K_QUERY)


def main():
    gen = torch.Generator().manual_seed(21)
    torch.manual_seed(21)
    model = GlyphConv4(N_WAY)
    meta_opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(META_STEPS):
        params = dict(model.named_parameters())
        meta_opt.zero_grad()
        total = 0.0
        for _ in range(META_BATCH):
            (xs, ys), (xq, yq) = glyph_task(gen)
            fast = adapt(model, params, xs, ys)
            q_logits = functional_call(model, fast, (xq,))
            q_loss = F.cross_entropy(q_logits, yq) / META_BATCH
            q_loss.backward()
            total += q_loss.item()
        meta_opt.step()
        print(f"meta step {step}: query loss {total:.3f}")


if __name__ == "__main__":
    main()
