"""Few-shot keyword spotting for speakers with dysarthria (personalised voice-command sets).

Each task is one speaker's N-way K-shot command set. Second-order MAML (Finn et al., 2017) over a small
Conv1d + BatchNorm1d + MaxPool1d keyword net applied to log-mel features; the inner step is
torch.autograd.grad(..., create_graph=not first_order) and the adapted weights go through
torch.func.functional_call.
"""
import argparse
import logging
import math
from collections import OrderedDict

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call

log = logging.getLogger("kws_maml")


# -------------------------------------------------------------------------------------------------------
# front-end (data only: runs on raw audio before any parameter is involved)
# -------------------------------------------------------------------------------------------------------
class LogMelFrontend:
    def __init__(self, sr=8000, n_fft=128, hop=64, n_mels=20):
        self.n_fft, self.hop = n_fft, hop
        self.window = torch.hann_window(n_fft)
        freqs = torch.linspace(0, sr / 2, n_fft // 2 + 1)
        centers = torch.linspace(60, sr / 2 - 200, n_mels)
        width = (centers[1] - centers[0]) * 1.5
        self.fb = torch.clamp(1 - (freqs[None, :] - centers[:, None]).abs() / width, min=0)

    @torch.no_grad()
    def __call__(self, wav, spec_augment=False, gen=None):
        spec = torch.stft(wav, self.n_fft, self.hop, window=self.window, return_complex=True).abs() ** 2
        mel = torch.log(self.fb @ spec + 1e-6)
        mel = (mel - mel.mean(-1, keepdim=True)) / (mel.std(-1, keepdim=True) + 1e-5)
        if spec_augment:
            t0 = int(torch.randint(0, mel.size(-1) - 4, (1,), generator=gen))
            mask = torch.zeros_like(mel, dtype=torch.bool)
            mask[..., t0 : t0 + 4] = True
            mel = mel.masked_fill(mask, 0.0)
        return mel


def synth_command(word_id, speaker_rate, tremor, n, sr, gen, dur=0.5):
    t = torch.arange(int(sr * dur)) / sr
    base = 300 + 120 * word_id
    slope = (-1) ** word_id * 400 * speaker_rate
    out = []
    for _ in range(n):
        jitter = 1 + 0.05 * torch.randn(1, generator=gen)
        f = (base + slope * t) * jitter * (1 + tremor * torch.sin(2 * math.pi * 5 * t))
        env = torch.exp(-((t - 0.25) ** 2) / (0.02 * speaker_rate))
        out.append(env * torch.sin(2 * math.pi * torch.cumsum(f, 0) / sr) + 0.02 * torch.randn(t.shape, generator=gen))
    return torch.stack(out)


def sample_task(frontend, n_way, k_shot, q_query, sr, gen):
    words = torch.randperm(10, generator=gen)[:n_way]
    rate = 0.6 + 0.8 * float(torch.rand(1, generator=gen))
    tremor = 0.1 * float(torch.rand(1, generator=gen))
    xs, ys, xq, yq = [], [], [], []
    for label, w in enumerate(words.tolist()):
        wav = synth_command(w, rate, tremor, k_shot + q_query, sr, gen)
        feats = frontend(wav, spec_augment=True, gen=gen)
        xs.append(feats[:k_shot]); xq.append(feats[k_shot:])
        ys += [label] * k_shot; yq += [label] * q_query
    return torch.cat(xs), torch.tensor(ys), torch.cat(xq), torch.tensor(yq)


# -------------------------------------------------------------------------------------------------------
class KeywordNet(nn.Module):
    def __init__(self, n_mels=20, ch=32, n_way=5):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv1d(n_mels, ch, 3, padding=1),
            nn.BatchNorm1d(ch, track_running_stats=False),
            nn.ReLU(),
            nn.MaxPool1d(2),
            nn.Conv1d(ch, ch, 3, padding=1),
            nn.BatchNorm1d(ch, track_running_stats=False),
            nn.ReLU(),
        )
        self.classifier = nn.Linear(ch, n_way)

    def forward(self, mel):
        return self.classifier(self.features(mel).mean(dim=-1))


def support_loss(logits, labels):
    logp = F.log_softmax(logits, dim=-1)
    return F.nll_loss(logp, labels)


def adapt(model, params, xs, ys, inner_lr, inner_steps, first_order):
    for _ in range(inner_steps):
        loss = support_loss(functional_call(model, params, (xs,)), ys)
        grads = torch.autograd.grad(loss, list(params.values()), create_graph=not first_order)
        params = OrderedDict((name, p - inner_lr * g) for (name, p), g in zip(params.items(), grads))
    return params


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--meta-iters", type=int, default=3)
    ap.add_argument("--meta-batch", type=int, default=2)
    ap.add_argument("--n-way", type=int, default=5)
    ap.add_argument("--k-shot", type=int, default=2)
    ap.add_argument("--q-query", type=int, default=3)
    ap.add_argument("--inner-lr", type=float, default=0.4)
    ap.add_argument("--inner-steps", type=int, default=1)
    ap.add_argument("--first-order", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="[%(name)s] %(message)s")
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(0)

    frontend = LogMelFrontend()
    model = KeywordNet(n_way=args.n_way)
    meta_opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for it in range(args.meta_iters):
        meta_opt.zero_grad()
        meta_loss, acc = 0.0, 0.0
        for _ in range(args.meta_batch):
            xs, ys, xq, yq = sample_task(frontend, args.n_way, args.k_shot, args.q_query, 8000, gen)
            fast = adapt(model, OrderedDict(model.named_parameters()), xs, ys, args.inner_lr, args.inner_steps,
                         args.first_order)
            logits_q = functional_call(model, fast, (xq,))
            q_loss = F.cross_entropy(logits_q, yq)
            (q_loss / args.meta_batch).backward()
            meta_loss += q_loss.item() / args.meta_batch
            acc += (logits_q.argmax(-1) == yq).float().mean().item() / args.meta_batch
        assert model.features[0].weight.grad is not None
        meta_opt.step()
        log.info("meta-iter %d  query loss %.3f  query acc %.2f", it, meta_loss, acc)


if __name__ == "__main__":
    main()
