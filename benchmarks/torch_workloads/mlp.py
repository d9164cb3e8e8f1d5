"""mlp: one training step of the 784-1000-1000-10 MLP (batch 100, momentum SGD)."""
from torch_workloads._train import make_classifier_step


def make(batch):
    return make_classifier_step('mlp', batch)
