"""Door-cycle event logs: variable-length multichannel sequences -> padded batch, lengths, pooling bias."""
import torch
import torch.nn.functional as F
from torch.nn.utils.rnn import pad_sequence


def simulate_cycle(label, gen, n_channels):
    T = int(torch.randint(20, 40, (1,), generator=gen))
    t = torch.linspace(0, 1, T)
    pos = torch.clamp(2 * t, 0, 1) - torch.clamp(2 * t - 1, 0, 1)
    current = 0.5 + 0.4 * torch.sin(6.28 * t) + 0.05 * torch.randn(T, generator=gen)
    beams = torch.zeros(T)
    edge = torch.zeros(T)
    if label == 1:  # obstruction: beam break + edge pressure + reversal spike
        k = int(torch.randint(T // 3, 2 * T // 3, (1,), generator=gen))
        beams[k:k + 4] = 1.0
        edge[k:k + 3] = 0.8
        current[k:k + 3] += 0.9
    if label == 2:  # stuck beam sensor
        beams[:] = 1.0
    dwell = t * 3.0
    x = torch.stack([current, pos, beams, edge, dwell], 1)[:, :n_channels]
    # de-jitter the analogue channels with a 3-tap moving average (preprocessing)
    x[:, :2] = F.avg_pool1d(x[:, :2].t()[None], 3, stride=1, padding=1, count_include_pad=False)[0].t()
    return x


def make_batch(n, gen, n_channels):
    labels = torch.randint(0, 3, (n,), generator=gen)
    seqs = [simulate_cycle(int(y), gen, n_channels) for y in labels]
    lengths = torch.tensor([s.size(0) for s in seqs])
    x = pad_sequence(seqs, batch_first=True)
    valid = torch.arange(x.size(1))[None, :] < lengths[:, None]
    pool_bias = torch.zeros(valid.shape).masked_fill(~valid, -1e9)
    return x, lengths, pool_bias, labels
