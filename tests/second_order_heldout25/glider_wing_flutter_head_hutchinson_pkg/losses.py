import torch.nn.functional as F


class OnsetCriterion:
    def __init__(self, smoothing=0.05):
        self.smoothing = smoothing

    def __call__(self, logits, labels):
        return F.cross_entropy(logits, labels, label_smoothing=self.smoothing)
